"""Layer 5: front ends -- the ``conformance`` command line and the pytest plugin."""
