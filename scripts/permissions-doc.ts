// Writes docs/permissions.md from the access catalogues (`npm run permissions:doc`).
import { writeFileSync } from 'node:fs';
import { permissionsDoc } from '../apps/server/src/modules/access/permissions-doc';

writeFileSync(new URL('../docs/permissions.md', import.meta.url), await permissionsDoc());
