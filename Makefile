# `make check` is what CI runs after its install (.ci/run): deploy/check.sh.
.PHONY: check
check:
	bash deploy/check.sh
