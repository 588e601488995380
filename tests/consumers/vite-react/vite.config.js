// Vite's default configuration with React's plugin, as `npm create vite` makes it: nothing for Sidelog.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
