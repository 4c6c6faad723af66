"""Pitchside: football table games with friends, in real-time rooms."""
