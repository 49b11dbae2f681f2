#!/usr/bin/env node
// Entry point of the `encode` command; everything happens in dist/src/cli/main.js.
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2));
