# `make check` is what CI runs after its install (.ci/run): deploy/check.sh (lint, the client's
# types with `npm ci` the first time, migrations, the suite).
.PHONY: check
check:
	bash deploy/check.sh
