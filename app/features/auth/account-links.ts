/** How long the links sent by e-mail work (issue #19): shown on pages and in the e-mails, applied by the services. */
export const resetLinkValidMinutes = 60;
export const verificationValidHours = 24;
