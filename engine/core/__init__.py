"""What every game shares: dice, positions, the notation, moves and plays, the registry."""
