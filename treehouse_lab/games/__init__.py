"""The game engines, one package each, written in one dialect (docs/dev/adding-a-game.md)
on the core's facilities (``treehouse_lab/core``). Each package names its modules by idea,
from the bottom up (a module imports only those before it in this list):

* ``rules.py``    the cards and pure rule functions on them (matching, scoring, conditions);
* ``data.py``     the stand-in component data (``*.toml`` beside it), loaded and checked;
* ``actions.py``  the action values (frozen dataclasses, ``core/actions.py``);
* ``stages.py``   what the game waits for, one class each (``core/stages.py``);
* ``moves.py``    the action kinds (``core/kinds.py``): each generates its legal moves,
  declares its clicks and applies itself, so legality is stated once;
* ``state.py``    the declared state (``core/fields.py``), started with ``fresh``;
* ``game.py``     the ``Game``: options, components, zones and the state class;

and beside them, each on its own idea: ``saves.py`` (old saves read), ``view.py`` (what a
seat sees), ``render.py`` (pictures and click targets), ``positions.py`` (positions built
for lessons and tests), ``counting.py``, ``bots.py``, ``lessons.py`` and
``exercises.py``. A game may split an idea further (the Diner's modules, Treehouse's
solver), never by size: no import circle and no late import re-joining a module
(``tests/test_layers.py``).

Games are imported lazily through ``treehouse_lab.registry`` so ``import treehouse_lab``
stays cheap.
"""
