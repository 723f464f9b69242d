"""Araldo's rules engine: pure game logic, no Discord, storage, scheduler, clock or images."""
