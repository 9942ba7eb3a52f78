"""The worker's boot step (engine/worker_boot.py): the objects alive when the engine has been
imported are moved out of the garbage collector's way, and only those."""

import gc

from engine.worker_boot import freeze_boot_objects


def test_the_objects_alive_at_boot_are_frozen_and_later_ones_are_not() -> None:
    try:
        frozen = freeze_boot_objects()
        # each check says what it read: this test failed once in a full `pytest -n 2` run and passed
        # alone and in every run since (thirty-second session), so the next failure should say why
        assert frozen == gc.get_freeze_count(), (frozen, gc.get_freeze_count())
        assert frozen > 10_000, frozen  # the modules and tables of a started interpreter, not a handful
        after = len(gc.get_objects())
        assert after < frozen, (after, frozen)  # the collector's generations hold only what came after
        later = [[]]  # a container made after the boot
        assert gc.is_tracked(later)
        assert any(obj is later for obj in gc.get_objects()), gc.get_count()  # in the collector's generations
        assert gc.get_freeze_count() == frozen, (gc.get_freeze_count(), frozen)
    finally:
        gc.unfreeze()
