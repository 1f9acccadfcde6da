export { createMailer, MailDeliveryError, type Mailer, type MailMessage } from './mailer.js';
