"""What follows a move made here: the turn clock, the odds, the bots (whose moves are
new commands)."""
