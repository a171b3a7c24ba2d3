-- Who made an item's latest change (the write's actor; null for the system's own writes and for
-- rows written before this column). On the wire it is `_m.$id`, beside `_c.$id`: a record that
-- receives a change it did not make itself says "someone else changed this item", and stays quiet
-- when the change was the person's own (an upload into a file field, a workflow step).
ALTER TABLE items ADD COLUMN updated_by text;
