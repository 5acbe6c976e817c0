import { usePrivateFile, type PrivateFile } from '../../../ui/private-file';

export type PanDocument = PrivateFile;

/** The PAN card behind a company's `license` URL (a private file: `ui/private-file`). */
export const usePanDocument: (fileUrl: string | null | undefined) => PanDocument = usePrivateFile;
