import { Outlet } from "react-router";
export default function AdminLayout() {
  return <div><Outlet /></div>;
}
