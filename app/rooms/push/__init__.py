"""Pushing views: the broker hands every message to the fan-out, which pushes each
socket of the hub its view (views.py), written through its connection."""
