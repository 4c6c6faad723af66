"""/metrics as an operator's Prometheus reads it: the per-action metrics are plain numbers
(app/metrics.py), exposed in prometheus_client's own format. The counting is tested on
metrics of the test's own: the servers other tests run in this process move the instance's."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from app import metrics
from app.metrics import Count, Level, Numbers, Spread


def registry_of(numbers: Numbers) -> CollectorRegistry:
    registry = CollectorRegistry()
    registry.register(numbers)
    return registry


def test_a_histogram_counts_each_value_in_its_bucket_and_every_wider_one() -> None:
    numbers = Numbers()
    batch = Spread("batch", "actions a commit", buckets=(1, 2, 5), into=numbers)
    for size in (1, 2, 3, 500):  # a bound's own value is in its bucket (le: at most)
        batch.observe(size)
    registry = registry_of(numbers)
    buckets = {
        le: registry.get_sample_value("batch_bucket", {"le": le})
        for le in ("1.0", "2.0", "5.0", "+Inf")
    }
    assert buckets == {"1.0": 1, "2.0": 2, "5.0": 3, "+Inf": 4}
    assert registry.get_sample_value("batch_count") == 4
    assert registry.get_sample_value("batch_sum") == 506


def test_counts_and_levels_move_as_they_are_told() -> None:
    numbers = Numbers()
    actions = Count("actions", "actions applied", into=numbers)
    sockets = Level("sockets", "sockets open", into=numbers)
    actions.inc()
    actions.inc(2)
    sockets.inc()
    sockets.inc()
    sockets.dec()
    registry = registry_of(numbers)
    assert registry.get_sample_value("actions_total") == 3
    assert registry.get_sample_value("sockets") == 1


def test_the_instances_exposition_parses_with_every_metric_typed_once() -> None:
    text = generate_latest(metrics.REGISTRY).decode()
    families = {f.name: f.type for f in text_string_to_metric_families(text)}
    assert families["pitchside_actions_applied"] == "counter"
    assert families["pitchside_sockets"] == "gauge"
    assert families["pitchside_command_seconds"] == "histogram"
    assert families["pitchside_loop_lag_seconds"] == "histogram"
    assert families["pitchside_rooms"] == "gauge"
    assert text.count("# TYPE pitchside_command_seconds histogram") == 1
