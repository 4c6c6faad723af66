"""The room layer: commands (service.py) and everything a command passes through on its way
from the socket to the engine and back; ARCHITECTURE.md draws the way, module by module."""
