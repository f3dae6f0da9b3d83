"""Layer 1: the ruling file format -- vocabulary, schema, card data, loading, model."""
