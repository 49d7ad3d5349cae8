// contacts.vcf as vCard 4.0 (RFC 6350): the format every address book imports. Small enough to write here
// rather than pull in a library; escaping and line folding follow the RFC.
import type { ExportContact } from '@shared/export-format';

/** RFC 6350 §3.4: backslash, comma, semicolon and line breaks are escaped in text values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 6350 §3.2: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // continuation lines begin with a space, which counts toward their 75 octets
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (isoDate: string) => isoDate.replace(/-/g, '');

/** One contact as a vCard 4.0. */
export function vcardOf(contact: ExportContact): string {
  const fullName = `${contact.firstName} ${contact.lastName}`.trim();
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeText(fullName || contact.email || 'Contact')}`,
    `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;;`,
  ];
  if (contact.email) lines.push(`EMAIL:${escapeText(contact.email)}`);
  if (contact.phoneNumber) lines.push(`TEL;VALUE=text:${escapeText(contact.phoneNumber)}`);
  // heirloom keeps an address as one free text: it goes in the street component, with the text as LABEL
  if (contact.address) lines.push(`ADR;LABEL="${contact.address.replace(/["\r\n]+/g, ' ')}":;;${escapeText(contact.address)};;;;`);
  if (contact.birthday) lines.push(`BDAY:${basicDate(contact.birthday)}`);
  lines.push(`CATEGORIES:${contact.relationship}`);
  // vCard has no property for "my aunt" (RELATED links two cards): an extension property keeps it
  if (contact.familyRelation) lines.push(`X-HEIRLOOM-FAMILY-RELATION:${escapeText(contact.familyRelation)}`);
  if (contact.notes) lines.push(`NOTE:${escapeText(contact.notes)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export const contactsVcf = (contacts: ExportContact[]) => contacts.map(vcardOf).join('');
