// pdfmake 0.3 ships no types; the little of its server API the letters use.
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Uint8Array>;
  }
  interface PdfMake {
    virtualfs: { writeFileSync(name: string, data: Uint8Array): void };
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(doc: Record<string, unknown>): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
