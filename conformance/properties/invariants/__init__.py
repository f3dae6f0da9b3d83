"""The rules invariants the built-in properties check, one module per mechanism; the
catalogue (``..catalog``) ties each to its rulings, CR rules, capabilities and focus."""
