"""The game engines. Each game is a package with the same inner shape:

* ``state.py``   the actions, the ``Game`` and its ``State`` (the protocol in
  ``treehouse_lab/protocol.py``),
* ``rules.py``   pure rule functions (matching, scoring, conditions) that states call,
* ``data.py``    loading and validating the stand-in component data shipped beside it,
* ``render.py``  SVG and text drawings and the click paths a board uses,
* ``counting.py`` exact counting helpers for the probability notebooks.

Games are imported lazily through ``treehouse_lab.registry`` so ``import treehouse_lab``
stays cheap.
"""
