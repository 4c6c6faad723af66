"""/metrics as an operator's Prometheus reads it: the per-action metrics are plain numbers
(app/metrics.py), exposed in prometheus_client's own format."""

from __future__ import annotations

from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from app import metrics


def sample(name: str, **labels: str) -> float:
    value = metrics.REGISTRY.get_sample_value(name, labels)
    assert value is not None, f"{name} {labels} is not exposed"
    return value


def test_a_histogram_counts_each_value_in_its_bucket_and_every_wider_one() -> None:
    name = "pitchside_commit_batch_actions"
    before = {le: sample(f"{name}_bucket", le=le) for le in ("1.0", "2.0", "5.0", "+Inf")}
    count, total = sample(f"{name}_count"), sample(f"{name}_sum")
    for size in (1, 2, 3, 500):  # a bound's own value is in its bucket (le: at most)
        metrics.COMMIT_BATCH.observe(size)
    after = {le: sample(f"{name}_bucket", le=le) - before[le] for le in before}
    assert after == {"1.0": 1, "2.0": 2, "5.0": 3, "+Inf": 4}
    assert sample(f"{name}_count") == count + 4
    assert sample(f"{name}_sum") == total + 506


def test_counts_and_levels_move_as_they_are_told() -> None:
    actions, sockets = sample("pitchside_actions_applied_total"), sample("pitchside_sockets")
    metrics.ACTIONS.inc()
    metrics.ACTIONS.inc(2)
    metrics.SOCKETS.inc()
    metrics.SOCKETS.inc()
    metrics.SOCKETS.dec()
    assert sample("pitchside_actions_applied_total") == actions + 3
    assert sample("pitchside_sockets") == sockets + 1
    metrics.SOCKETS.dec()


def test_the_exposition_parses_with_every_metric_typed_once() -> None:
    text = generate_latest(metrics.REGISTRY).decode()
    families = {f.name: f.type for f in text_string_to_metric_families(text)}
    assert families["pitchside_actions_applied"] == "counter"
    assert families["pitchside_sockets"] == "gauge"
    assert families["pitchside_command_seconds"] == "histogram"
    assert families["pitchside_loop_lag_seconds"] == "histogram"
    assert families["pitchside_rooms"] == "gauge"
    assert text.count("# TYPE pitchside_command_seconds histogram") == 1
