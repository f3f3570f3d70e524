// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { AccountForm, inputClass } from "./account-form";
export { assertAdmin } from "./assert-admin";
export { AuthForm } from "./auth-form";
