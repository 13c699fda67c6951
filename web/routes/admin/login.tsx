export default function Login() {
  return <main className="p-8"><h1>Admin Login</h1></main>;
}
