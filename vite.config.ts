import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: {
    // Native or Node-only packages stay outside the server bundle.
    external: ["better-sqlite3", "pg"],
  },
});
