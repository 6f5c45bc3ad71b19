#!/usr/bin/env node
import { main } from '../dist/cli.js';

process.once('SIGINT', () => process.exit(130));
process.exitCode = await main(process.argv.slice(2));
