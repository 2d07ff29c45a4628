import type { sheetCreateSchema } from '@pac/validators';
import type { z } from 'zod';

/** A new sheet as the form hands it over (parsed by the shared schema). */
export type SheetCreateValues = z.output<typeof sheetCreateSchema>;
