#!/usr/bin/env node
// Entry point for the `kiln` command: registers tsx so the TypeScript sources run as they are.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
await main(process.argv.slice(2));
