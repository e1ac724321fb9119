/** Captures CSV downloads (Blob + a click on a download link) so a test can read the file the browser would save. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | null = null;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    pending = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending && this.download) files.push({ name: this.download, blob: pending });
    pending = null;
  });
  return {
    files,
    /** The text of the n-th download, without the byte-order mark. */
    async text(index = files.length - 1): Promise<string> {
      const blob = files[index]!.blob;
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
      return text.replace(/^\ufeff/, '');
    },
  };
}
