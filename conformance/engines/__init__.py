"""Layer 3: engines -- the embedded reference engine and adapters for other engines."""
