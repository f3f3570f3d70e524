// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { type LedgerRuleResult, checkLedger } from "./ledger-check.server";
export { adjustWallet, availableBalanceMinor, balanceOf, clawBackEarning, creditTopUp, earnedKinds, isRefundBooked, recordHeldEarning, recordRefund, refundToWallet, refundUndeliveredToWallet, releaseHeldEarning, releasePayoutReservation, reservePayout, reverseHeldEarning, reverseTopUpCredit, spendFromWallet, topUpReversedMinor, walletBalanceMinor, walletPaymentOf } from "./ledger.server";
