import { build } from "vite";
process.env.NODE_ENV="production";
await build({ configFile: process.cwd()+"/vite.config.ts", mode:"production", logLevel:"warn", build:{ outDir:"/tmp/wb", emptyOutDir:true, sourcemap:true, manifest:true }});
