#!/usr/bin/env node
import { createRequire } from 'module';

createRequire(import.meta.url)("./cli.cjs");
