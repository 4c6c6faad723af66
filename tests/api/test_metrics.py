"""/metrics as an operator's Prometheus reads it: prometheus_client's own metric types
(app/metrics.py), in the app's registry, each typed once."""

from __future__ import annotations

from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from app import metrics


def test_an_action_moves_the_counter_and_the_histogram() -> None:
    read = metrics.REGISTRY.get_sample_value
    actions, commits = (
        read("pitchside_actions_applied_total"),
        read("pitchside_commit_batch_actions_count"),
    )
    assert actions is not None and commits is not None
    metrics.ACTIONS.inc()
    metrics.COMMIT_BATCH.observe(3)
    assert read("pitchside_actions_applied_total") == actions + 1
    assert read("pitchside_commit_batch_actions_count") == commits + 1
    assert read("pitchside_commit_batch_actions_bucket", {"le": "5.0"}) is not None


def test_the_instances_exposition_parses_with_every_metric_typed_once() -> None:
    text = generate_latest(metrics.REGISTRY).decode()
    families = {f.name: f.type for f in text_string_to_metric_families(text)}
    assert families["pitchside_actions_applied"] == "counter"
    assert families["pitchside_sockets"] == "gauge"
    assert families["pitchside_command_seconds"] == "histogram"
    assert families["pitchside_loop_lag_seconds"] == "histogram"
    assert families["pitchside_rooms"] == "gauge"
    assert text.count("# TYPE pitchside_command_seconds histogram") == 1
