"""The main game's rules, one module per family: each holds a rule's condition (why an action
is refused) beside its effect (spec R5-R31)."""
