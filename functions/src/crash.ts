import { documentBytes } from './testing/documents';
import { inspectPdf } from './functions/upload-document/pdf';
console.log('bad', await inspectPdf(Buffer.from(documentBytes('%PDF-1.4\n1 0 obj (\n%%EOF\n'))));
