import { useEffect, useState } from 'react';

export interface ImageSelection {
  file: File;
  /** A temporary URL showing the local file. */
  previewUrl: string;
}

/**
 * A picked file with its preview URL. The URL is made when the file is
 * picked and released when another file replaces it, the pick is cleared or
 * the view goes away, so previews never leak.
 */
export function useImageSelection() {
  const [selection, setSelection] = useState<ImageSelection | null>(null);

  useEffect(() => {
    if (!selection) return;
    return () => URL.revokeObjectURL(selection.previewUrl);
  }, [selection]);

  function select(file: File | null) {
    setSelection(file ? { file, previewUrl: URL.createObjectURL(file) } : null);
  }

  return [selection, select] as const;
}
