// The remotes' package folders for the scripts: the workspaces named mfe-*. shared/src/mfe/remotes.ts lists the
// same remotes for the code, and its test holds the two together.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

export const REMOTE_PACKAGES = workspaces.filter((workspace) => workspace.startsWith('mfe-'));
