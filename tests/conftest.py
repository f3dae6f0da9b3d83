from __future__ import annotations

import sys
from pathlib import Path

# The test helpers (wrong engines) are imported by name, here and in pytester runs.
sys.path.insert(0, str(Path(__file__).parent))
