"""What every game is built on, written once: the engine protocol (``actions``, ``state``,
``game``, named together in ``protocol``); a state declared field by field (``fields``),
its rules by action kind (``kinds``) and its turn structure as a stack of stages
(``stages``); who sees what (``zones``), and what follows from it: observation tensors
(``tensor``) and stable action ids (``codec``); exact chance sampling (``chance``) and
counting (``counting``); piles of card ids (``piles``), seating round a table
(``seating``), options (``options``), shipped or embedded data sets (``datasets``), strict
JSON readers (``jsonio``), and the SVG markup and text widths of boards (``svg``,
``textwidth``).

The core imports nothing of the package but itself and the errors, and no core module is
in an import circle (``tests/test_layers.py``): each imports the parts it needs from their
own modules, never through ``protocol``."""
