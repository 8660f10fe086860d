import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor groups: each becomes its own chunk, loaded only by the routes that import it, so the
// entry carries React, the router and the shell, and charts / wallet libraries stay off home
// until a screen needs them. Higher priority wins when a module matches several groups.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/, priority: 20 },
  { name: 'socket', test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/, priority: 20 },
  { name: 'charts', test: /node_modules[\\/](@visx|d3-[\w-]+|internmap|@react-spring|@use-gesture)[\\/]/, priority: 20 },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 20 },
  { name: 'ethers', test: /node_modules[\\/](ethers|@noble|@adraffy)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: true },
    },
  },
});
