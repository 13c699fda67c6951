export default function Dashboard() {
  return <h1>Dashboard Overview</h1>;
}
