/** Keys of everything the browser keeps for this site (listed for visitors on /cookies). */
export const THEME_STORAGE_KEY = "smb-ui-theme"; // localStorage: light | dark | system
export const AUTH_TOKEN_STORAGE_KEY = "smb-auth-token"; // localStorage: the sign-in token for /api calls
export const CHECKOUT_STORAGE_KEY = "smb-checkout"; // sessionStorage: the checkout draft
