/** A toast as the server sends it and the page shows it (shared by app/server and components). */
export type ToastMessage = {
  id?: string;
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
};
