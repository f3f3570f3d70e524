-- Issue #49: a top-up refunded after it was credited takes the refunded part of its credit back out
-- of the wallet, once per refund (the ledger's own kind, so the checks can tell it apart).
ALTER TYPE "ledger_entry_kind" ADD VALUE 'wallet_top_up_reversal';
