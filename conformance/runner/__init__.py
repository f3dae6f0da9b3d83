"""Layer 4: the runner -- executes rulings through an engine and records results."""
