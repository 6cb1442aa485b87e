import { CONFIRM_TOKEN_TTL_MS, PRODUCT_NAME, RESET_TOKEN_TTL_MS } from '@earmark/common';
import type { MailMessage } from '../../lib/mail';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function describeDuration(ms: number): string {
  if (ms % HOUR_MS === 0) {
    const hours = ms / HOUR_MS;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.round(ms / MINUTE_MS);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

interface LinkMail {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}

/**
 * One layout for every mail that carries a link: the plain-text part keeps
 * the link alone on its own line so every mail client makes it clickable.
 */
function linkMail(m: LinkMail): MailMessage {
  const text = [`Hello,`, '', m.intro, '', m.link, '', m.outro, '', `— ${PRODUCT_NAME}`, ''].join(
    '\n',
  );
  const href = escapeHtml(m.link);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hello,</p>',
    `<p>${escapeHtml(m.intro)}</p>`,
    `<p><a href="${href}">${escapeHtml(m.action)}</a></p>`,
    `<p>If the link above does not open, copy this address into your browser:<br>${href}</p>`,
    `<p>${escapeHtml(m.outro)}</p>`,
    `<p>— ${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: m.to, subject: m.subject, text, html };
}

export function confirmEmailMail(to: string, link: string): MailMessage {
  return linkMail({
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    intro: `Welcome to ${PRODUCT_NAME}! Please confirm your email address by opening this link:`,
    action: 'Confirm my email address',
    link,
    outro: `The link is valid for ${describeDuration(CONFIRM_TOKEN_TTL_MS)} and works once. If you did not sign up, you can ignore this email.`,
  });
}

export function resetPasswordMail(to: string, link: string): MailMessage {
  return linkMail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    action: 'Choose a new password',
    link,
    outro: `The link is valid for ${describeDuration(RESET_TOKEN_TTL_MS)} and works once. If you did not ask for this, you can ignore this email; your password stays the same.`,
  });
}
