/** One e-mail as every template renders it: the subject, a plain-text body and an HTML body saying the same. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}
