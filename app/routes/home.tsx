export function meta() {
  return [{ title: "Social Media Boost | Real followers, instant delivery, affordable prices" }];
}

export default function Home() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">Social Media Boost</h1>
    </main>
  );
}
