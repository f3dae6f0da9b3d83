"""Layer 3 (beside engines): the stdio engine protocol -- engines in any language.

``codec`` turns contract values into JSON and back; ``server`` serves an Engine on a pair
of streams (``conformance serve``); ``client`` is an Engine that drives an engine process
(``--engine "cmd:<command line>"``).  See docs/engine-protocol.md.
"""
