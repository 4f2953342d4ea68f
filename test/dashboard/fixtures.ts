/** Files the browser test uploads: Markdown, and a tiny valid PDF (test/support/documents.ts). */

export const SHIPPING_MD = `# Shipping

Standard shipping takes 3 to 5 business days within the European Union.

Express shipping arrives the next business day when you order before 2 pm.
`;

export const REFUNDS_PDF_LINES = [
  "Refund policy",
  "Refunds are issued to the original payment method within 14 days.",
  "Opened coffee bags cannot be returned.",
];
